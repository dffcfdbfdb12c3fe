/** A link to show a stored file (an <img>, the PDF viewer): the upload's own, else a fresh signed one. */
import { useQuery } from '@tanstack/react-query';
import { fileLink } from './file-calls';

/** Links last 30 minutes; they are asked again well before that. */
const LINK_STALE_MS = 20 * 60_000;

export function useFileUrl(
  address: string | null | undefined,
  knownUrl?: string,
): {
  url: string | null;
  failed: boolean;
} {
  const link = useQuery({
    queryKey: ['file-link', address],
    queryFn: () => fileLink(address as string),
    enabled: Boolean(address) && !knownUrl,
    staleTime: LINK_STALE_MS,
  });
  if (knownUrl) return { url: knownUrl, failed: false };
  return { url: link.data?.url ?? null, failed: link.isError || !address };
}
