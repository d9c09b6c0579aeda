/** The engine's properties, a tenth of their runs: the quick pass of `npm run test:unit` (all of them: test/properties/full.test.ts). */
import { engineProperties } from "./properties.js";

engineProperties(0.1);
