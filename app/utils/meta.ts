import type { MetaDescriptor } from "@remix-run/cloudflare";

const SITE_NAME = "Quiet Mailbox";

export function pageMeta(title: string, description?: string): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: title === SITE_NAME ? title : `${title} · ${SITE_NAME}` }];
  if (description) tags.push({ name: "description", content: description });
  return tags;
}
