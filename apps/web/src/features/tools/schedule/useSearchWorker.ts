import { useCallback, useEffect, useRef, useState } from 'react';
import type { WorkerAnswer, WorkerRequest } from './best-mix.worker.ts';

type Done = Extract<WorkerAnswer, { kind: 'best' | 'reach' }>;

/** Runs searches in a Web Worker: one at a time, with progress; cancel ends the worker at once. */
export function useSearchWorker() {
  const worker = useRef<Worker | null>(null);
  const [running, setRunning] = useState<WorkerRequest['kind'] | null>(null);
  const [progress, setProgress] = useState(0);
  const [answer, setAnswer] = useState<
    Done | { kind: 'error'; message: string } | { kind: 'cancelled' } | null
  >(null);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const run = useCallback(
    (request: WorkerRequest) => {
      stop();
      const w = new Worker(new URL('./best-mix.worker.ts', import.meta.url), { type: 'module' });
      worker.current = w;
      setRunning(request.kind);
      setProgress(0);
      setAnswer(null);
      w.onmessage = (event: MessageEvent<WorkerAnswer>) => {
        if (worker.current !== w) return;
        const message = event.data;
        if (message.kind === 'progress') {
          setProgress(message.share);
          return;
        }
        setAnswer(message);
        setRunning(null);
        setProgress(1);
        stop();
      };
      w.onerror = (event) => {
        if (worker.current !== w) return;
        setAnswer({ kind: 'error', message: event.message });
        setRunning(null);
        stop();
      };
      w.postMessage(request);
    },
    [stop],
  );

  const cancel = useCallback(() => {
    if (!worker.current) return;
    stop();
    setRunning(null);
    setAnswer({ kind: 'cancelled' });
  }, [stop]);

  return { run, cancel, running, progress, answer };
}
