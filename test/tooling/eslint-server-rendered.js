import { setsHydrate } from "./hydrating-routes.js";

// React hooks that only do something once the page hydrates: state, effects, fetchers and the
// client-side navigation state. On a page rendered only on the server they never update or run.
const CLIENT_HOOKS = new Set([
  "useState",
  "useReducer",
  "useEffect",
  "useLayoutEffect",
  "useInsertionEffect",
  "useImperativeHandle",
  "useSyncExternalStore",
  "useTransition",
  "useDeferredValue",
  "useFetcher",
  "useFetchers",
  "useNavigation",
  "useNavigate",
  "useSubmit",
  "useRevalidator",
  "useBeforeUnload",
  "useBlocker",
  "unstable_usePrompt",
]);

/**
 * A page that does not hydrate (decision 0034) runs no React code in the browser: an `on*` prop is
 * dropped from the HTML and a client hook does nothing, both without a word. Browser behaviour
 * belongs in app/browser; a route that needs React there sets `hydrate: true`.
 * @type {import("eslint").Rule.RuleModule}
 */
const serverRendered = {
  meta: {
    type: "problem",
    messages: {
      handler: "`{{name}}` never runs on a page that does not hydrate: do it in app/browser, or set `hydrate: true` on the route.",
      hook: "`{{name}}` does nothing on a page that does not hydrate: do it in app/browser, or set `hydrate: true` on the route.",
    },
    schema: [],
  },
  create(context) {
    if (setsHydrate(context.sourceCode.text)) return {};
    return {
      JSXAttribute(node) {
        if (node.name.type === "JSXIdentifier" && /^on[A-Z]/.test(node.name.name)) {
          context.report({ node, messageId: "handler", data: { name: node.name.name } });
        }
      },
      CallExpression(node) {
        const callee = node.callee.type === "MemberExpression" ? node.callee.property : node.callee;
        if (callee.type === "Identifier" && CLIENT_HOOKS.has(callee.name)) {
          context.report({ node, messageId: "hook", data: { name: callee.name } });
        }
      },
    };
  },
};

export const serverRenderedPlugin = { rules: { "server-rendered": serverRendered } };
