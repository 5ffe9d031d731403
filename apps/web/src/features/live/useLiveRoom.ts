/**
 * A live session's room on the tab's socket (docs/PRODUCT.md, States; API): joins "organizationId/sessionId" (one
 * room at a time: the server leaves any earlier one), receives its recent finals then its partials
 * and finals, and follows the broker notices: a `broker_ko` means transcription is interrupted, and
 * more than `LIVE_LIMITS.brokerDownNotices` in a row close the connection until the viewer reconnects.
 */
import type { BrokerNotice, LiveFinal, LivePartial, SocketAck } from '@palabre/shared';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { acquireSocket, releaseSocket, type SessionSocket } from '../realtime/organizationNotices.ts';
import { BROKER_UP, brokerNotice, type BrokerState } from './broker.ts';
import { EMPTY_CAPTIONS, setPartial, upsertFinal, type CaptionState } from './captions.ts';

/** connecting → connected; reconnecting (the socket retries) or offline (no network); closed (broker rule or refused). */
export type RoomConnection = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'closed';

type CaptionAction = { type: 'final'; final: LiveFinal } | { type: 'partial'; partial: LivePartial };

function captionsReducer(state: CaptionState, action: CaptionAction): CaptionState {
  return action.type === 'final' ? upsertFinal(state, action.final) : setPartial(state, action.partial);
}

export interface LiveRoom {
  captions: CaptionState;
  connection: RoomConnection;
  /** Transcription is interrupted (the last broker notice was `broker_ko`). */
  interrupted: boolean;
  /** Why the room was refused (an API error code), when it was. */
  refused: string | null;
  reconnect(): void;
}

export function useLiveRoom(organizationId: string, sessionId: string, enabled: boolean): LiveRoom {
  const [captions, dispatch] = useReducer(captionsReducer, EMPTY_CAPTIONS);
  const [connection, setConnection] = useState<RoomConnection>('connecting');
  const [broker, setBroker] = useState<BrokerState>(BROKER_UP);
  const [refused, setRefused] = useState<string | null>(null);
  const socketRef = useRef<SessionSocket | null>(null);
  const brokerRef = useRef<BrokerState>(BROKER_UP);

  useEffect(() => {
    if (!enabled) return;
    const room = `${organizationId}/${sessionId}`;
    const socket = acquireSocket();
    socketRef.current = socket;
    let closedByUs = false;
    const lostState = () => (closedByUs ? 'closed' : !navigator.onLine ? 'offline' : socket.active ? 'reconnecting' : 'closed');

    const join = () => {
      setConnection('connecting');
      socket.emit('join_room', room, (ack: SocketAck) => {
        if (ack.ok) {
          setRefused(null);
          setConnection('connected');
        } else {
          setRefused(ack.error);
          setConnection('closed');
        }
      });
    };
    const ours = (event: { sessionId: string }) => event.sessionId === sessionId;
    const onFinal = (final: LiveFinal) => ours(final) && dispatch({ type: 'final', final });
    const onPartial = (partial: LivePartial) => ours(partial) && dispatch({ type: 'partial', partial });
    const onBroker = (kind: 'broker_ko' | 'broker_ok') => (notice: BrokerNotice) => {
      if (!ours(notice)) return;
      const next = brokerNotice(brokerRef.current, kind);
      brokerRef.current = next.state;
      setBroker(next.state);
      if (next.close) {
        closedByUs = true;
        socket.disconnect();
        setConnection('closed');
      }
    };
    const onKo = onBroker('broker_ko');
    const onOk = onBroker('broker_ok');
    const onConnect = () => {
      closedByUs = false;
      join();
    };
    const onLost = () => setConnection(lostState());
    const onNetwork = () => setConnection((current) => (current === 'connected' ? current : socket.connected ? 'connected' : lostState()));

    socket.on('connect', onConnect);
    socket.on('disconnect', onLost);
    socket.on('connect_error', onLost);
    socket.on('final', onFinal);
    socket.on('partial', onPartial);
    socket.on('broker_ko', onKo);
    socket.on('broker_ok', onOk);
    window.addEventListener('online', onNetwork);
    window.addEventListener('offline', onNetwork);
    if (socket.connected) join();
    return () => {
      if (socket.connected) socket.emit('leave_room', room);
      socket.off('connect', onConnect);
      socket.off('disconnect', onLost);
      socket.off('connect_error', onLost);
      socket.off('final', onFinal);
      socket.off('partial', onPartial);
      socket.off('broker_ko', onKo);
      socket.off('broker_ok', onOk);
      window.removeEventListener('online', onNetwork);
      window.removeEventListener('offline', onNetwork);
      socketRef.current = null;
      releaseSocket();
    };
  }, [organizationId, sessionId, enabled]);

  const reconnect = useCallback(() => {
    const socket = socketRef.current;
    if (!socket) return;
    brokerRef.current = BROKER_UP;
    setBroker(BROKER_UP);
    setConnection('connecting');
    if (socket.connected) socket.disconnect();
    socket.connect();
  }, []);

  return { captions, connection, interrupted: broker.interrupted, refused, reconnect };
}
