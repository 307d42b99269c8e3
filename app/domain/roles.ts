export type Role = "admin" | "moderator" | "none";

/** Product rules: Roles: admin and moderator are fixed user ids from configuration; staff is either. */
export function roleOf(userId: string, staff: { adminIds: string[]; moderatorIds: string[] }): Role {
  if (staff.adminIds.includes(userId)) return "admin";
  if (staff.moderatorIds.includes(userId)) return "moderator";
  return "none";
}

export function isStaff(role: Role) {
  return role === "admin" || role === "moderator";
}
