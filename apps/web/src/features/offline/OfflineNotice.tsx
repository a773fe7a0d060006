import { messages } from '../../i18n/messages/messages.ts';
import { useOnline, useUpdate } from './status.ts';

// This module is the offline code's entry (RootLayout loads it after the first render and starts it).
export { startOffline } from './start.ts';

/** The small notes at the bottom of every page: offline, and a new version waiting. */
export default function OfflineNotice() {
  const online = useOnline();
  const update = useUpdate();
  if (online && !update) return null;
  return (
    <div className="wp-app-notes">
      {online ? null : (
        <div className="wp-app-note" role="status" data-testid="offline-notice">
          {messages.offlineNotice}
        </div>
      )}
      {update ? (
        <div className="wp-app-note" role="status">
          {messages.newVersionAvailable}
          <button type="button" onClick={update}>
            {messages.reload}
          </button>
        </div>
      ) : null}
    </div>
  );
}
