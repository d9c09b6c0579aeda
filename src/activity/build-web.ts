/** The last step of `npm run build`: the Activity's page script into dist/web/app.js (see bundle.ts). */
import { writeBuiltScript } from "./bundle.js";

console.log(`The Activity's page script: ${await writeBuiltScript()}`);
