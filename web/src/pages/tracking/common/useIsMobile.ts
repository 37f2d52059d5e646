// The shell's mobile mode (SPEC §2: under 992 px): the tracking pages switch list and map there.
import { useLayout } from '../../../layout/layoutStore';

export function useIsMobile(): boolean {
  return useLayout((s) => s.device === 'mobile');
}
