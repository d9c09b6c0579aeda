/** The engine's properties with all their runs (test/game/properties.ts), in the system project beside the slower suites. */
import { engineProperties } from "../game/properties.js";

engineProperties(1);
