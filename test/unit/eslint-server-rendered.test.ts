import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import { serverRenderedPlugin } from "../tooling/eslint-server-rendered.js";

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run("server-rendered", serverRenderedPlugin.rules["server-rendered"], {
  valid: [
    "export default function Page() { const data = useLoaderData(); return <form method='post' data-enhance>{data}</form>; }",
    "export const handle = { hydrate: true };\nexport default function Page() { const [open, setOpen] = useState(false); return <button onClick={() => setOpen(!open)} />; }",
  ],
  invalid: [
    {
      code: "export function SignOut() { return <form onSubmit={() => window.localStorage.clear()} />; }",
      errors: [{ messageId: "handler", data: { name: "onSubmit" } }],
    },
    {
      code: "export default function Page() { const fetcher = useFetcher(); React.useEffect(() => {}); return <fetcher.Form />; }",
      errors: [
        { messageId: "hook", data: { name: "useFetcher" } },
        { messageId: "hook", data: { name: "useEffect" } },
      ],
    },
    {
      code: "export const handle = { hydrate: false };\nexport default function Page() { const [n] = useState(0); return <p>{n}</p>; }",
      errors: [{ messageId: "hook", data: { name: "useState" } }],
    },
  ],
});
