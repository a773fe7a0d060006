export interface RouteSize {
  route: string;
  path: string;
  budget: boolean;
  js: number;
  css: number;
  jsWithDialog: number;
  chunks: number;
  /** The JavaScript files of the first visit. */
  files: string[];
}
export declare const budgetKb: number;
export declare const barModule: string;
export declare const consentModule: string;
export declare const routes: { name: string; path: string; modules: string[]; budget?: boolean }[];
export declare function measureRoutes(dist: string): RouteSize[];
