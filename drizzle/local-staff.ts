/**
 * The admin and the moderator of local development: their ids are the ones wrangler.toml's
 * ADMIN_USER_IDS and MODERATOR_USER_IDS name. Never seeded anywhere but a local database.
 */
export const LOCAL_STAFF = [
  { id: "local-admin", email: "admin@quietmailbox.local", password: "local-admin-password", fullName: "Local Admin" },
  { id: "local-moderator", email: "moderator@quietmailbox.local", password: "local-moderator-password", fullName: "Local Moderator" },
] as const;
