/**
 * A boolean in a query string: read as FastAPI reads them (true/false, 1/0, yes/no, on/off, any
 * case), and documented as a boolean, so that Swagger UI offers true/false and clients generated
 * from the document send a boolean rather than free text.
 */
import { z } from 'zod/v4';

export const queryBoolean = () => z.stringbool().meta({ type: 'boolean' }).optional();
