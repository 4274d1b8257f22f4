/**
 * The downloads of an application's view through the engine's backend: its files, the documents its
 * stages offer, and its printable copy in the page's language; what failed is kept to show.
 */
import { useCallback, useState } from 'react';
import type { DownloadSource } from '../core/backend-port';
import { useBackend } from './backend-context';
import { useTranslation } from './translation';

export function useApplicationDownloads() {
  const { i18n } = useTranslation();
  const backend = useBackend();
  const [error, setError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  /** Saves a file the backend holds: an attachment or a document of the lifecycle. */
  const download = useCallback(
    async (source: DownloadSource, fileName: string) => {
      setError(null);
      const failed = await backend.download(source, fileName);
      if (failed) setError(failed);
    },
    [backend],
  );
  /** The backend's printable copy of the application, in the language the page shows. */
  const downloadCopy = useCallback(
    async (id: number | string, appId: string) => {
      setError(null);
      setCopying(true);
      const failed = await backend.downloadCopy(id, `${appId}.pdf`, i18n.language);
      setCopying(false);
      if (failed) setError(failed);
    },
    [backend, i18n.language],
  );
  return { download, downloadCopy, copying, error, clearError: () => setError(null) };
}
