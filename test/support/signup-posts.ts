// A new account made with the two form posts of signup, steps 1 and 2, as a browser without
// JavaScript sends them, for a test or bench about what comes after signup: the signup journeys
// themselves drive the pages.

export type NewAccount = { email: string; password: string };

/** Signs `account` up with `address` at step 1; answers the cookies the session left. Throws when a step answers otherwise than a signup's. */
export async function signUpByPosts(appUrl: string, account: NewAccount, address: Record<string, string>): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  const post = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(appUrl + path, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: appUrl,
        "Sec-Fetch-Site": "same-origin",
        Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      },
      body: new URLSearchParams(fields),
    });
    await response.arrayBuffer();
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return `${response.status} ${response.headers.get("Location") ?? "(no Location)"}`;
  };
  const step1 = await post("/start/step1", address);
  if (step1 !== "303 /start/step2") throw new Error(`signup step 1 answered ${step1}, not 303 /start/step2`);
  const step2 = await post("/start/step2", account);
  if (step2 !== "303 /dashboard") throw new Error(`signup step 2 answered ${step2}, not 303 /dashboard`);
  return cookies;
}
