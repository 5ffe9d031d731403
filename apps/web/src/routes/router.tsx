import { createBrowserRouter } from 'react-router';

// The full route table of spec §2 is defined in routes.tsx.
export const router = createBrowserRouter([{ path: '*', element: <p>Palabre</p> }]);
