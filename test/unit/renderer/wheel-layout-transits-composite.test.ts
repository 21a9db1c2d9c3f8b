/** The layout proof over 2,000 random births (test/helpers/wheel-layout-proof.ts) for transits and composite charts. */
import { describeRandomBirths } from '../../helpers/wheel-layout-proof.ts';

describeRandomBirths(['transits', 'composite']);
