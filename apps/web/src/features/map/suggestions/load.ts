export type SuggestModule = typeof import('./suggest-module.ts');

let loading: Promise<SuggestModule> | undefined;
let loaded: SuggestModule | undefined;

/** The suggest-mode code (tools panel, authors panel, the merge of suggestions), loaded once. */
export function loadSuggestModule(): Promise<SuggestModule> {
  loading ??= import('./suggest-module.ts').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

export const loadedSuggestModule = () => loaded;
