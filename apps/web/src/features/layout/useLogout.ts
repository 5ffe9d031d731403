/** Logout (docs/PRODUCT.md, States): POST /logout, then clear the scope, token and user cookies and return to the root. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, isAuthenticated } from '../../api/cookies.ts';
import { paths } from '../../routes/paths.ts';
import { logout } from '../auth/api.ts';

export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (options: { callServer?: boolean } = {}) => {
      if (options.callServer !== false && isAuthenticated()) {
        // The server may already consider the session gone: signing out locally is what matters.
        await logout();
      }
      clearSession();
      client.clear();
      await navigate(paths.root, { replace: true });
    },
    [client, navigate],
  );
}
