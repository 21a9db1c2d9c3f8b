/** The layout proof over 2,000 random births (test/helpers/wheel-layout-proof.ts) for natal and progressions charts. */
import { describeRandomBirths } from '../../helpers/wheel-layout-proof.ts';

describeRandomBirths(['natal', 'progressions']);
