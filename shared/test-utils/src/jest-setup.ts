import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';

// A findBy/waitFor gives up after 5 s, not Testing Library's 1 s: CI runs two jest processes
// beside each other on two cores, and a screen that appears in 50 ms on a quiet machine took
// over a second under that load. A ceiling on waiting for a state, never a timed assertion.
configure({ asyncUtilTimeout: 5000 });
