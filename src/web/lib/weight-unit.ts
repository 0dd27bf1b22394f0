import type { WeightUnit } from '../../contract/metrics';
import { useUserInfo } from './auth-store';

/** The unit the signed-in user sees weights in (docs/api.md §10); kg until they choose. */
export function useWeightUnit(): WeightUnit {
  return useUserInfo()?.weightUnit ?? 'kg';
}

/** Column and field labels, as docs/product.md writes them for kilograms. */
export function unitLabel(unit: WeightUnit): 'KGs' | 'LBs' {
  return unit === 'lb' ? 'LBs' : 'KGs';
}
