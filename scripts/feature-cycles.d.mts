/** The import cycles between the feature folders under `featuresDir`, each closed by its first folder. */
export function featureCycles(featuresDir: string): string[][];
