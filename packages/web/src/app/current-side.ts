import type { Side } from '@fieldpay/domain';
import { useSession } from './session-store';
import { sideFromAddress } from './side';

/** The side for base paths: the address first, then the side kept locally (spec 1 §1). */
export function currentSide(): Side {
  return sideFromAddress(window.location.href) ?? useSession.getState().side;
}
