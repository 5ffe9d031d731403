/** The data router (history mode) over the route table of routes.tsx. */
import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(routes);
