/** Imported first by each entry point, so the environment is complete before any module reads it. */
import { loadEnv } from "./env.js";

loadEnv();
