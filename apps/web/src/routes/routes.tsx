/**
 * The route table (docs/PRODUCT.md, Screens and routes; history mode). Flags live in each route's `handle` (see handle.ts);
 * named views are route ids; the organizationId parameter sets the organization scope (see
 * OrganizationScopeProvider). The root loader runs the navigation guard before every navigation (see guardRunsAgain).
 */
import { Navigate, redirect, type RouteObject } from 'react-router';
import { LoadingView } from '../components/LoadingView.tsx';
import { RouteErrorView } from '../components/ErrorView.tsx';
import { AuthLayout } from '../features/auth/AuthLayout.tsx';
import { CreateAccountPage } from '../features/auth/CreateAccountPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { SetupPage } from '../features/auth/SetupPage.tsx';
import { MagicLinkInvalidPage } from '../features/auth/MagicLinkInvalidPage.tsx';
import { MagicLinkPage } from '../features/auth/MagicLinkPage.tsx';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage.tsx';
import { OidcReturnPage } from '../features/auth/OidcReturnPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { NotFoundPage } from '../features/errors/NotFoundPage.tsx';
import { MainLayout } from '../features/layout/MainLayout.tsx';
import { CreateOrganizationPage } from '../features/organizations/CreateOrganizationPage.tsx';
import { preloadAgain, preloadEditor } from '../features/editor/preload.ts';
import { guardRunsAgain } from './guard.ts';
import { createGuardLoader } from './guardLoader.ts';
import { prefetchSignedInLayout } from '../api/queries.ts';
import { queryClient } from '../app/queryClient.ts';
import type { RouteHandle } from './handle.ts';
import { paths } from './paths.ts';
import { RootRoute } from './RootRoute.tsx';

const handle = (flags: RouteHandle) => flags;
const toNotFound = () => redirect(paths.notFound);
const preloadSignedInLayout = () => {
  prefetchSignedInLayout(queryClient);
  return null;
};

const conversationRoutes: RouteObject[] = [
  {
    id: 'overview',
    path: 'conversations/:conversationId',
    // Reading and listening work on a phone too: the overview is usable on a small screen.
    handle: handle({ conversationDetail: true, noOrganizationNeeded: true, responsive: true, view: 'overview', breadcrumbs: ['media', 'overview'] }),
    lazy: () => import('../features/conversations/ConversationPage.tsx').then((m) => ({ Component: m.ConversationPage })),
  },
  {
    id: 'transcription',
    path: 'conversations/:conversationId/transcription',
    handle: handle({ conversationDetail: true, noOrganizationNeeded: true, view: 'transcription', breadcrumbs: ['media', 'transcription'] }),
    // Joins the document and fetches the media's fields while the guard checks and the code loads.
    loader: preloadEditor,
    shouldRevalidate: preloadAgain,
    lazy: () => import('../features/editor/TranscriptionPage.tsx').then((m) => ({ Component: m.TranscriptionPage })),
  },
  {
    id: 'subtitle',
    path: 'conversations/:conversationId/subtitles',
    // The versions can be read and downloaded on a phone too; the screen editor needs a larger screen.
    handle: handle({ conversationDetail: true, noOrganizationNeeded: true, responsive: true, view: 'subtitle', breadcrumbs: ['media', 'subtitles'] }),
    lazy: () => import('../features/subtitles/SubtitlesPage.tsx').then((m) => ({ Component: m.SubtitlesPage })),
  },
  {
    id: 'subtitleVersion',
    path: 'conversations/:conversationId/subtitles/:subtitleId',
    handle: handle({ conversationDetail: true, noOrganizationNeeded: true, view: 'subtitle', breadcrumbs: ['media', 'subtitles'] }),
    lazy: () => import('../features/subtitles/editor/SubtitleEditorPage.tsx').then((m) => ({ Component: m.SubtitleEditorPage })),
  },
  {
    id: 'publish',
    path: 'conversations/:conversationId/publish',
    // Reading and downloading the transcript work on a phone too.
    handle: handle({ conversationDetail: true, noOrganizationNeeded: true, responsive: true, view: 'publish', breadcrumbs: ['media', 'publish'] }),
    lazy: () => import('../features/publish/PublishPage.tsx').then((m) => ({ Component: m.PublishPage })),
  },
];

const sessionRoutes: RouteObject[] = [
  {
    id: 'sessionsList',
    path: 'sessionsList',
    handle: handle({ sessions: true, listView: true, responsive: true, breadcrumbs: ['sessions'] }),
    lazy: () => import('../features/sessions/SessionsListPage.tsx').then((m) => ({ Component: m.SessionsListPage })),
  },
  {
    id: 'sessionCreate',
    path: 'sessions/create',
    handle: handle({ sessions: true, breadcrumbs: ['sessions', 'createSession'] }),
    lazy: () => import('../features/sessions/CreateSessionPage.tsx').then((m) => ({ Component: m.CreateSessionPage })),
  },
  {
    id: 'sessionDetail',
    path: ':organizationId/sessions/:sessionId',
    // Viewers may have no account (public sessions open to anonymous viewers) and follow on a phone.
    handle: handle({ sessions: true, public: true, responsive: true, noOrganizationNeeded: true, breadcrumbs: ['sessions'] }),
    lazy: () => import('../features/live/LivePage.tsx').then((m) => ({ Component: m.LivePage })),
  },
  {
    id: 'sessionSettings',
    path: ':organizationId/sessions/:sessionId/settings',
    handle: handle({ sessions: true, responsive: true, breadcrumbs: ['sessions', 'sessionSettings'] }),
    lazy: () => import('../features/sessions/SessionSettingsPage.tsx').then((m) => ({ Component: m.SessionSettingsPage })),
  },
  {
    id: 'quickSession',
    path: ':organizationId/quick-session',
    // Visitors are asked to sign in here; a meeting is recorded on a phone as well.
    handle: handle({ sessions: true, public: true, responsive: true, noOrganizationNeeded: true, quickSession: true }),
    lazy: () => import('../features/quickMeeting/QuickSessionPage.tsx').then((m) => ({ Component: m.QuickSessionPage })),
  },
];

const mainRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={paths.explore} replace /> },
  { id: 'inbox', path: 'inbox', handle: handle({ view: 'inbox', listView: true }), loader: () => redirect(paths.explore) },
  {
    id: 'explore',
    path: 'explore',
    // The lists, the upload and the sessions' pages work on a phone: the first screen after signing in.
    handle: handle({ view: 'explore', listView: true, responsive: true, breadcrumbs: ['organizationMedia'] }),
    lazy: () => import('../features/explore/ExplorePage.tsx').then((m) => ({ Component: m.ExplorePage })),
  },
  {
    id: 'favorites',
    path: 'favorites',
    handle: handle({ listView: true, noOrganizationNeeded: true, responsive: true, breadcrumbs: ['favorites'] }),
    lazy: () => import('../features/favorites/FavoritesPage.tsx').then((m) => ({ Component: m.FavoritesPage })),
  },
  {
    id: 'shared',
    path: 'shared',
    handle: handle({ listView: true, noOrganizationNeeded: true, responsive: true, breadcrumbs: ['guestMedia'] }),
    lazy: () => import('../features/shared/SharedPage.tsx').then((m) => ({ Component: m.SharedPage })),
  },
  {
    id: 'conversationCreate',
    path: 'conversations/create',
    handle: handle({ responsive: true, breadcrumbs: ['media', 'upload'] }),
    lazy: () => import('../features/conversations/CreateConversationPage.tsx').then((m) => ({ Component: m.CreateConversationPage })),
  },
  ...conversationRoutes,
  ...sessionRoutes,
  {
    id: 'organizationCreate',
    path: 'organizations/create',
    handle: handle({ noOrganizationNeeded: true, breadcrumbs: ['createOrganization'] }),
    element: <CreateOrganizationPage />,
  },
  {
    id: 'organizationSettings',
    path: 'organizations/:organizationId',
    handle: handle({ breadcrumbs: ['settings'] }),
    lazy: () => import('../features/organizations/settings/OrganizationSettingsPage.tsx').then((m) => ({ Component: m.OrganizationSettingsPage })),
  },
  {
    id: 'userSettings',
    path: 'user/settings',
    handle: handle({ noOrganizationNeeded: true, breadcrumbs: ['profileSettings'] }),
    lazy: () => import('../features/users/UserSettingsPage.tsx').then((m) => ({ Component: m.UserSettingsPage })),
  },
  {
    id: 'tagsSettings',
    path: 'tags/settings',
    handle: handle({ breadcrumbs: ['tags'] }),
    lazy: () => import('../features/tags/TagsSettingsPage.tsx').then((m) => ({ Component: m.TagsSettingsPage })),
  },
  // A missing page says so on any screen.
  { id: 'notFound', path: '404', handle: handle({ public: true, noOrganizationNeeded: true, responsive: true }), element: <NotFoundPage /> },
];

const backofficeRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/backoffice/BackofficeHomePage.tsx').then((m) => ({ Component: m.BackofficeHomePage })),
  },
  {
    path: 'users',
    lazy: () => import('../features/backoffice/UsersListPage.tsx').then((m) => ({ Component: m.UsersListPage })),
  },
  {
    path: 'users/:userId',
    lazy: () => import('../features/backoffice/UserDetailPage.tsx').then((m) => ({ Component: m.UserDetailPage })),
  },
  {
    path: 'organizations',
    lazy: () => import('../features/backoffice/OrganizationsListPage.tsx').then((m) => ({ Component: m.OrganizationsListPage })),
  },
  {
    path: 'organizations/:organizationId',
    lazy: () => import('../features/backoffice/OrganizationDetailPage.tsx').then((m) => ({ Component: m.OrganizationDetailPage })),
  },
  {
    // One screen lists the profiles and opens the one named in the path.
    path: 'transcriberProfiles/:transcriberProfileId?',
    lazy: () => import('../features/backoffice/TranscriberProfilesPage.tsx').then((m) => ({ Component: m.TranscriberProfilesPage })),
  },
  {
    path: 'aiProfiles',
    lazy: () => import('../features/backoffice/AiProfilesPage.tsx').then((m) => ({ Component: m.AiProfilesPage })),
  },
  {
    path: 'apiKeys',
    lazy: () => import('../features/apiKeys/PlatformApiKeysPage.tsx').then((m) => ({ Component: m.PlatformApiKeysPage })),
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootRoute />,
    errorElement: <RouteErrorView />,
    hydrateFallbackElement: <LoadingView fullScreen />,
    loader: createGuardLoader(() => routes),
    // The guard runs before every navigation to a page, not only when the root's params change; a new
    // query on the same page (a tab, a filter) runs it only if the query changes what the rules read.
    shouldRevalidate: ({ currentUrl, nextUrl }) => guardRunsAgain(currentUrl, nextUrl),
    children: [
      { index: true, element: <LoadingView fullScreen /> },
      {
        element: <AuthLayout />,
        handle: handle({ public: true, auth: true, responsive: true }),
        children: [
          { id: 'login', path: 'login', element: <LoginPage /> },
          { id: 'loginOidc', path: 'login/oidc', element: <OidcReturnPage /> },
          { id: 'createAccount', path: 'create-account', element: <CreateAccountPage /> },
          { id: 'setup', path: 'setup', element: <SetupPage /> },
          { id: 'resetPassword', path: 'reset-password', element: <ResetPasswordPage /> },
          { id: 'magicLinkInvalid', path: 'magiclink-auth-invalid', element: <MagicLinkInvalidPage /> },
        ],
      },
      { id: 'magicLink', path: 'magiclink-auth/:magicId', handle: handle({ public: true, responsive: true }), element: <MagicLinkPage /> },
      {
        // Reachable signed in or not: the link may be opened in any browser.
        element: <AuthLayout />,
        handle: handle({ public: true, responsive: true }),
        children: [{ id: 'verifyEmail', path: 'verify-email', element: <VerifyEmailPage /> }],
      },
      {
        path: 'interface',
        element: <MainLayout />,
        // The layout's user and organizations are asked beside the guard's checks, not after them.
        loader: preloadSignedInLayout,
        errorElement: <RouteErrorView />,
        children: mainRoutes,
      },
      {
        path: 'backoffice',
        handle: handle({ backoffice: true }),
        errorElement: <RouteErrorView />,
        lazy: () => import('../features/backoffice/BackofficeLayout.tsx').then((m) => ({ Component: m.BackofficeLayout })),
        children: backofficeRoutes,
      },
      { path: '*', handle: handle({ public: true }), loader: toNotFound },
    ],
  },
];
