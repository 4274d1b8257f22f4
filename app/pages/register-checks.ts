/**
 * What registration's details step needs only once a submit is refused: its rules and the summary of
 * problems. A module of its own, so the register page's first download holds neither (register-page.tsx
 * loads it when the page is idle, or at the first submit).
 */
export { validateRegistration } from '../validation';
export { ErrorSummary } from '../components/error-summary';
