/** React's browser renderer, as the first stage of start-up evaluates it (boot.ts; main.tsx uses it). */
export { createRoot, hydrateRoot } from 'react-dom/client';
