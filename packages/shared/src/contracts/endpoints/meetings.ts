/** Quick meetings and videoconference bots (docs/meetings.md). */
import { zIdParam } from '../common.ts';
import {
  zBot,
  zBotBody,
  zBotList,
  zBotListQuery,
  zBotParams,
  zEndedQuickMeeting,
  zEndQuickMeetingQuery,
  zQuickMeeting,
  zQuickMeetingBody,
  zQuickMeetingLookup,
  zQuickMeetingParams,
} from '../meetings.ts';
import { P, endpoint } from './define.ts';
import { FIRST_SCREEN_PATHS } from '../../constants.ts';

const tag = 'meetings';

export const meetingEndpoints = {
  current: endpoint({
    method: 'GET',
    path: `${P}/organizations/:id/quickMeeting/`,
    summary: "The caller's quick meeting in progress in this organization, or null",
    tag,
    auth: true,
    params: zIdParam,
    response: zQuickMeetingLookup,
  }),
  create: endpoint({
    method: 'POST',
    path: `${P}/organizations/:id/quickMeeting/`,
    summary: 'Start a quick meeting (members allowed to create sessions; one in progress per user and organization)',
    tag,
    auth: true,
    params: zIdParam,
    body: zQuickMeetingBody,
    response: zQuickMeeting,
    status: 201,
  }),
  recoverable: endpoint({
    method: 'GET',
    path: FIRST_SCREEN_PATHS.recoverableMeeting,
    summary: "The caller's most recent quick meeting in progress in any organization (the recovery lookup), or null",
    tag,
    auth: true,
    response: zQuickMeetingLookup,
  }),
  end: endpoint({
    method: 'DELETE',
    path: `${P}/organizations/:id/quickMeeting/:meetingId`,
    summary: 'End a quick meeting: save it to the library under name, or discard it (trash=true); force=true while audio is still sent',
    tag,
    auth: true,
    params: zQuickMeetingParams,
    query: zEndQuickMeetingQuery,
    response: zEndedQuickMeeting,
  }),
  createBot: endpoint({
    method: 'POST',
    path: `${P}/organizations/:id/bots`,
    summary: "Send a bot into a videoconference to stream its audio into a started session's channel (those who operate the session)",
    tag,
    auth: true,
    params: zIdParam,
    body: zBotBody,
    response: zBot,
    status: 201,
  }),
  bots: endpoint({
    method: 'GET',
    path: `${P}/organizations/:id/bots`,
    summary: "A channel's bots, newest first (those who operate its session)",
    tag,
    auth: true,
    params: zIdParam,
    query: zBotListQuery,
    response: zBotList,
  }),
  removeBot: endpoint({
    method: 'DELETE',
    path: `${P}/organizations/:id/bots/:botId`,
    summary: 'Make a bot leave its call (those who operate its session)',
    tag,
    auth: true,
    params: zBotParams,
    status: 204,
  }),
};
