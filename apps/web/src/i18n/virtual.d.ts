declare module 'virtual:waypoint-catalog/*' {
  export const messages: Record<string, unknown>;
}
