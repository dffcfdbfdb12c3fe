/**
 * The calls of the settlement report (spec 2 §2.5, §7 "Report calls", "Download report generation",
 * "Regenerate report", "Customer verification check"; decision 0026).
 */
import {
  REPORT_PAGE_SIZES,
  type ReportFile,
  type ReportOverview,
  type ReportPersonRow,
  type ReportProductRow,
  type ReportQuestionGroup,
  type ReportTaskRow,
  type ReportTaskTypeRow,
  reportDownloadOperation,
  reportOverviewOperation,
  reportPersonPageOperation,
  reportProductPageOperation,
  reportQuestionCountOperation,
  reportRegenerateOperation,
  reportTaskPageOperation,
  reportTaskTypeOperation,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';
import { notifyExportSubmitted } from '../../app/export-events';

export interface ReportPage<T> {
  records: T[];
  total: number;
}

export const reportKey = (settlementId: number) => ['settlements', 'report', settlementId] as const;

export const fetchReportTaskTypes = (settlementId: number): Promise<ReportTaskTypeRow[]> =>
  call(reportTaskTypeOperation, { settlementId });

export const fetchReportProducts = (
  settlementId: number,
  pageNo = 1,
  pageSize: number = REPORT_PAGE_SIZES.products,
): Promise<ReportPage<ReportProductRow>> => call(reportProductPageOperation, { settlementId, pageNo, pageSize });

export const fetchReportPersons = (
  settlementId: number,
  pageNo = 1,
  pageSize: number = REPORT_PAGE_SIZES.people,
): Promise<ReportPage<ReportPersonRow>> => call(reportPersonPageOperation, { settlementId, pageNo, pageSize });

export const fetchReportTasks = (
  settlementId: number,
  pageNo = 1,
  pageSize: number = REPORT_PAGE_SIZES.tasks,
): Promise<ReportPage<ReportTaskRow>> => call(reportTaskPageOperation, { settlementId, pageNo, pageSize });

export const fetchReportOverview = (settlementId: number): Promise<ReportOverview> =>
  call(reportOverviewOperation, { settlementId });

export const fetchReportQuestions = (settlementId: number): Promise<ReportQuestionGroup[]> =>
  call(reportQuestionCountOperation, { orderId: settlementId });

/** 下载: the report PDF to the download cache; answers the server's message. */
export async function requestReportDownload(settlementId: number): Promise<void> {
  const answer = await callWithMessage(reportDownloadOperation, { settlementId });
  notifyExportSubmitted(answer.message || undefined);
}

/** 重新生成报告单: answers 正在生成确认单，请稍后进行下载. */
export async function regenerateReport(settlementId: number, fileList: ReportFile[]): Promise<string> {
  return (await callWithMessage(reportRegenerateOperation, { settlementId, fileList })).message;
}
