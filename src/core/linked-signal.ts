/** The calls linked to each caller's signal, and the one listener that aborts them. */
interface Links {
  controllers: Set<AbortController>;
  onAbort: () => void;
}

const linksOf = new WeakMap<AbortSignal, Links>();

/**
 * A controller that aborts, with the same reason, when `signal` does. However many calls share one
 * signal (a worker's shutdown signal), it carries a single listener: one per call would pass Node's
 * listener limit and print a leak warning, and `AbortSignal.any` over it would keep every call's signal
 * for as long as the caller's lives. `unlink()` when the call ends; the last one removes the listener.
 */
export function linkSignal(signal: AbortSignal): { controller: AbortController; unlink(): void } {
  const controller = new AbortController();
  let links = linksOf.get(signal);
  if (!links) {
    const controllers = new Set<AbortController>();
    const onAbort = () => {
      linksOf.delete(signal);
      for (const linked of controllers) linked.abort(signal.reason);
      controllers.clear();
    };
    links = { controllers, onAbort };
    linksOf.set(signal, links);
    signal.addEventListener('abort', onAbort, { once: true });
  }
  const { controllers, onAbort } = links;
  controllers.add(controller);
  return {
    controller,
    unlink() {
      controllers.delete(controller);
      if (controllers.size === 0 && linksOf.get(signal) === links) {
        linksOf.delete(signal);
        signal.removeEventListener('abort', onAbort);
      }
    },
  };
}
