import { useQuery } from '@tanstack/react-query';
import { getCertificate } from '../api/get-certificate';

/** An issued certificate never changes, so once loaded it never needs fetching again. */
export function useCertificate(id: number) {
  return useQuery({
    queryKey: ['certificate', id],
    queryFn: () => getCertificate(id),
    staleTime: Infinity,
    enabled: Number.isInteger(id) && id > 0,
  });
}
