/** Business constants of the product (specification §9). */
export const constants = {
  adminPageSize: 10,
  importedModelPageSize: 10,
  suggestionPageSize: 50,
  placedMarkerReviewPageSize: 200,
  suggestionListLimit: 10000,
  fetchMinDelayMs: 200,
  textareaAboveChars: 15,
  suggestionCellMaxChars: 30,
  markerNameMaxChars: 30,
  questFilterMinExclusive: 2,
  itemFilterMinChars: 3,
  leftSidebarPx: 400,
  rightSidebarPx: 300,
  sidebarHalfPx: 194,
  sidebarFullPx: 388,
  autoCloseMaxWidthPx: 1000,
  mobileMaxWidthPx: 768,
  mapHeightOffsetPx: 44,
  resetConfirmWord: 'reset',
  /** How long the Undo toast of a completion change (a quest, a mark-all) stays. */
  undoGraceMs: 5000,
  guestNamePrefix: 'guest',
  guestNameNumberBelow: 1000,
  defaultQuestLevel: -1,
  /** Most objectives one quest lists (each can be ticked by a player). */
  maxQuestObjectives: 200,
  /** Earlier quests one quest may require (tarkov.dev's Collector requires 70). */
  maxQuestPrerequisites: 300,
  defaultMarkerLevel: -1,
  /** Highest level number of a map's floors (and of a placed marker's `level`). */
  maxMapLevel: 1000,
  defaultMarkerSize: -1,
  maxPlacedMarkerImages: 5,
  adminThumbPx: 150,
  categoryThumbHeightPx: 128,
  markerPreviewMaxPx: 300,
  hoverImageMaxPx: 1200,
  dropdownMaxHeightPx: 300,
  svgIconSize: [30, 36.214] as const,
  imageIconSize: [35, 35] as const,
  polygonStyle: { weight: 3, opacity: 0.5, dashArray: '4' },
  routeWeight: 4,
  completedMarkerOpacity: 0.3,
  suggestionColors: { ADD: '#00ff00', UPDATE: '#ffff00', DELETE: '#ff0000' } as const,
  mapZoomDelta: 0.5,
  mapZoomSnap: 0,
  carouselIntervalMs: 4000,
  /**
   * Ad slots (§9). Leaderboards show at 1025 px and wider or between 320 and 767 px, rectangles
   * at 1025 px and wider; every slot refreshes each 30 s with no limit (refreshLimit 0) and on a
   * full route change, except that a slot marked for it skips refreshing at 970 px wide or less.
   */
  ads: {
    leaderboard: {
      sizes: [
        [970, 90],
        [728, 90],
        [320, 50],
        [320, 100],
      ],
      media: '(min-width: 1025px), (min-width: 320px) and (max-width: 767px)',
    },
    rectangle: {
      sizes: [
        [300, 250],
        [336, 280],
        [320, 100],
        [320, 50],
      ],
      media: '(min-width: 1025px)',
    },
    refreshMs: 30_000,
    refreshLimit: 0,
    noRefreshMaxWidthPx: 970,
  },
  toastDurationMs: 2000,
  loadingBarThrottleMs: 200,
  loadingBarDurationMs: 5000,
  chunkReloadWindowMs: 60_000,
  cookieName: 'waypoint-cookie',
  /**
   * Read-your-writes across server processes: a write's answer names the process's last change in
   * this header; the client sends the names back on its reads for `writtenTokenMs`, and a process that
   * has not heard of one answers that read without its response cache.
   */
  writtenHeader: 'x-waypoint-written',
  writtenTokenMs: 10_000,
  questObjectiveDefinitionId: 'quest_objective',
  defaultDivIconClassName: 'default_div_icon_classname',
  /** 'Gone' reports on a placed marker (since its last confirmation) that open a DELETE suggestion. */
  goneReportsForDeleteSuggestion: 3,
  /** The level of a newly suggested quest (§5). */
  suggestedQuestLevel: 0,
} as const;
