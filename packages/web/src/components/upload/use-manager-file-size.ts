/** The configuration value manager_file_size (MB, default 10) that limits attachments (spec 1 §7). */
import { MANAGER_FILE_SIZE_CONFIG_KEY, UPLOAD } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { configValue, configValueKey } from '../../app/shell-calls';

export function useManagerFileSizeMb(): number {
  const config = useQuery({
    queryKey: configValueKey(MANAGER_FILE_SIZE_CONFIG_KEY),
    queryFn: () => configValue(MANAGER_FILE_SIZE_CONFIG_KEY),
    staleTime: 5 * 60_000,
  });
  const value = Number(config.data?.content);
  return Number.isFinite(value) && value > 0 ? value : UPLOAD.defaultManagerFileSizeMb;
}
