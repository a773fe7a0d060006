import { useSearchParams } from 'react-router';

/**
 * The page's query parameters and a setter that changes some of them in place: an empty value removes
 * its parameter, the others stay, and the history entry is replaced (filters are not pages).
 */
export function useSearchParamsPatch() {
  const [params, setParams] = useSearchParams();
  const patch = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  return [params, patch] as const;
}
