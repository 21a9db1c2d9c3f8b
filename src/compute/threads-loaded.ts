/**
 * Tells the pool's owner when each worker thread has loaded its task module, so that a stop
 * never terminates a thread still loading it. Piscina loads the module with `require`, which on
 * Node 20.19+ and 22 evaluates an ES module graph synchronously; a thread terminated in the middle
 * of that aborts the whole process (V8: "Module::IsGraphAsync must be used on an instantiated
 * module", or "facade->InstantiateModule" once the graph has run), so a process stopped within
 * seconds of starting ended with a crash instead of exit 0. The thread announces itself on the turn
 * after `require` returned.
 */
import { BroadcastChannel } from 'node:worker_threads';

let channels = 0;

/** The pool's side: a channel name for the threads, and a wait for `threads` of them to have loaded. */
export function watchThreadsLoaded(threads: number): { channel: string; loaded: (timeoutMs: number) => Promise<void>; close: () => void } {
  const channel = `astro-compute-loaded:${process.pid}:${++channels}`;
  const listener = new BroadcastChannel(channel);
  // Waiting for threads must not keep a process alive that has nothing else to do.
  listener.unref();
  let count = 0;
  let allLoaded!: () => void;
  const done = new Promise<void>((resolve) => (allLoaded = resolve));
  if (threads <= 0) allLoaded();
  listener.onmessage = () => {
    if (++count >= threads) allLoaded();
  };
  return {
    channel,
    loaded: async (timeoutMs) => {
      let timer: NodeJS.Timeout | undefined;
      // A timer that holds the process: one that stops waits for its threads, not for nothing
      // else to keep it alive (the process exiting would terminate a loading thread just the same).
      await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    },
    close: () => listener.close(),
  };
}

/** The thread's side, at the end of its task module: this thread has loaded. */
export function announceThreadLoaded(channel: string | undefined): void {
  if (!channel) return;
  const sender = new BroadcastChannel(channel);
  sender.postMessage('loaded');
  sender.close();
}
