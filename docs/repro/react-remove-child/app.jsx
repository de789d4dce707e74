// Minimal React-only reproduction: a function component whose children array
// (as React Server Components deliver it: unkeyed array, async server components as lazy nodes)
// changes element types at index 0 while a later lazy node is still pending.
import { Fragment, startTransition } from "react";
import { createRoot } from "react-dom/client";

// What the RSC client (react-server-dom) puts in a children array for an outlined row ("$L1e").
function lazyNode(ms, value) {
  // Like a Flight chunk: a thenable that carries its own status/value once it resolves.
  const chunk = {
    status: "pending",
    value: undefined,
    listeners: [],
    then(ok) {
      if (this.status === "fulfilled") ok(this.value);
      else this.listeners.push(ok);
    },
  };
  const settle = () => {
    chunk.status = "fulfilled";
    chunk.value = value;
    chunk.listeners.forEach((l) => l(value));
  };
  // ms < 0: the row arrives just after React first waits on it (the streamed row lands mid-render).
  if (ms < 0) {
    const then = chunk.then;
    chunk.then = function (ok) {
      then.call(this, ok);
      if (this.status === "pending") queueMicrotask(settle);
    };
  } else if (ms === 0) settle();
  else setTimeout(settle, ms);
  return {
    $$typeof: Symbol.for("react.lazy"),
    _payload: chunk,
    _init: (c) => {
      window.__inits++;
      if (c.status === "fulfilled") return c.value;
      throw c;
    },
  };
}

const mode = new URLSearchParams(location.search).get("mode") ?? "function";
// Like UntilExpiry: a client component that returns <>{children}</>.
window.__renders = 0;
window.__inits = 0;
function Wrapper({ children }) {
  window.__renders++;
  return <>{children}</>;
}
// The fix: the array is reconciled by a keyed Fragment fiber, whose replay starts from a reset fiber.
function KeyedWrapper({ children }) {
  window.__renders++;
  return <Fragment key="payable">{children}</Fragment>;
}

// The two payloads, decoded once (as the RSC client does): the method picker, then the chosen method.
const picker = () => [
  <h2 id="payment-heading">Choose how to pay</h2>,
  null,
  <ul className="groups">
    <li>VA</li>
    <li>QR</li>
  </ul>,
];
const chosen = (delay) => [
  <div className="panel-head">
    <h2 id="payment-heading">Payment</h2>
  </div>,
  lazyNode(delay, <div className="va">1234 5678</div>),
  <p className="waiting">Waiting…</p>,
];

function Page({ children }) {
  return (
    <section id="payment">
      {mode === "function" ? (
        <Wrapper>{children}</Wrapper>
      ) : mode === "keyed" ? (
        <KeyedWrapper>{children}</KeyedWrapper>
      ) : (
        <div className="wrapper">{children}</div>
      )}
    </section>
  );
}

const errors = [];
window.__errors = errors;
const root = createRoot(document.getElementById("root"), {
  onUncaughtError: (e) => errors.push("uncaught: " + e.message),
  onCaughtError: (e) => errors.push("caught: " + e.message),
  onRecoverableError: (e) => errors.push("recoverable: " + e.message),
});
const delay = Number(new URLSearchParams(location.search).get("delay") ?? "50");
root.render(<Page>{picker()}</Page>);
setTimeout(() => {
  const next = chosen(delay);
  startTransition(() => root.render(<Page>{next}</Page>));
  setTimeout(
    () => {
      window.__done = {
        renders: window.__renders,
        inits: window.__inits,
        errors,
        html: document.getElementById("root").innerHTML,
      };
    },
    Math.max(delay, 0) + 300,
  );
}, 100);
