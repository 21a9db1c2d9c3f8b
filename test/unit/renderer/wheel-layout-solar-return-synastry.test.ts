/** The layout proof over 2,000 random births (test/helpers/wheel-layout-proof.ts) for solar return and synastry charts. */
import { describeRandomBirths } from '../../helpers/wheel-layout-proof.ts';

describeRandomBirths(['solar_return', 'synastry']);
