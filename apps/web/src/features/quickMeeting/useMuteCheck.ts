/**
 * The microphone step's mute check on a microphone (muteCheck.ts): whether sound was heard since it
 * was switched on, the user's bypass, and trying again (the microphone restarted, the check anew).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Microphone } from '../live/useMicrophone.ts';
import { muteCheck, type MuteCheck } from './muteCheck.ts';

export interface MuteCheckControls {
  check: MuteCheck;
  bypass(): void;
  retry(): void;
}

export function useMuteCheck(microphone: Microphone): MuteCheckControls {
  const [heard, setHeard] = useState(false);
  const [bypassed, setBypassed] = useState(false);
  const { status, level, muted, deviceId, start } = microphone;

  // A new start (another device, or trying again) checks anew.
  useEffect(() => {
    if (status === 'asking') {
      setHeard(false);
      setBypassed(false);
    }
  }, [status]);
  useEffect(() => {
    if (status === 'on' && level > 0) setHeard(true);
  }, [status, level]);

  const bypass = useCallback(() => setBypassed(true), []);
  const retry = useCallback(() => void start(deviceId), [start, deviceId]);
  return { check: muteCheck({ status, muted, heard, bypassed }), bypass, retry };
}
