// Kept apart from messages.ts, which every page loads: only the profile page shows these texts.

/** Portable progress on the profile page: export all progress as one file and import it again. */
export const progressMessages = {
  heading: 'Take your progress with you',
  intro:
    'Export everything you have ticked (quests and their objectives, level, items, hideout levels and completed markers of every game) with your own pins and notes as one file, and import such a file here or on another copy of the site.',
  exportButton: 'Export progress',
  exported: 'Progress exported',
  fileLabel: 'Progress file',
  filePlaceholder: 'Choose a .json file',
  clearFile: 'Clear the chosen file',
  modeLabel: 'How to import',
  merge: 'Merge with my progress',
  replace: 'Replace my progress in these games',
  mergeHint:
    'Keeps what you have; adds what the file has. The higher level, item counts and hideout levels win.',
  replaceHint: 'Each game in the file becomes exactly the file’s progress. Other games stay as they are.',
  previewHeading: 'What the import changes',
  notAProgressFile: (reason: string) => `This is not a progress file: ${reason}`,
  notFromSite: 'it was not exported from this site.',
  newerVersion: 'it was made by a newer version of this site.',
  damagedEntry: (entry: string) => `the entry “${entry}” is missing or holds something else.`,
  unreadable: 'The file is not valid JSON.',
  columnGame: 'Game',
  columnLevel: 'Level',
  columnQuests: 'Quests',
  columnObjectives: 'Objectives',
  columnItems: 'Items',
  columnHideout: 'Hideout',
  columnMarkers: 'Markers',
  columnPins: 'My pins',
  columnNotes: 'My notes',
  unknownGame: (gameId: string) => `${gameId} (not on this site: skipped)`,
  change: (add: number, remove: number, unknown: number) =>
    [`+${add}`, `−${remove}`, ...(unknown > 0 ? [`${unknown} unknown`] : [])].join(' · '),
  nothingChanges: 'Nothing changes: you already have all of it.',
  importButton: 'Import',
  cancel: 'Cancel',
  imported: 'Progress imported',
  importFailed: 'Import failed: nothing was changed',
} as const;
