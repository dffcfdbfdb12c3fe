/** Where the natural-person screens live (the menu's urls, server/modules/persons/menus.ts). */
export const PERSON_LIST_PATH = '/personManage/person/list';
export const PERSON_DETAIL_PATH = '/personManage/person/detail';

export const personDetailPath = (userId: number) => `${PERSON_DETAIL_PATH}?id=${userId}`;
