/**
 * Where the project screens live (spec 1 §2 routes), in a module of their own so that a page linking to
 * another does not pull the other page's code into its chunk.
 */
export const PROJECT_LIST_PATH = '/projectManage/project/list';
export const PROJECT_DETAIL_PATH = '/projectManage/project/detail';
export const PROJECT_SUMMARY_PATH = '/projectManage/project/summary';

/** The person's projects in the address: the personal project list (?userId=&userName=). */
export const personalProjectsPath = (userId: number, userName: string) =>
  `${PROJECT_LIST_PATH}?${new URLSearchParams({ userId: String(userId), userName })}`;
