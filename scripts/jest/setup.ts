import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';

// Patience, not leniency: on a loaded CI machine (two cores, several suites at once) a screen that is right
// can take longer than Testing Library's 1 s to appear. Nothing here asserts how fast anything is.
configure({ asyncUtilTimeout: 4000 });
