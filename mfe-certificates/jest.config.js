import { jestConfig } from '../scripts/jest/config.mjs';

export default jestConfig(import.meta.dirname);
