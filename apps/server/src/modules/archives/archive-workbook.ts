import ExcelJS from 'exceljs';
import type { ArchiveItem } from '@dzy/domain/contracts/archives.contract';

/** The selected archive records as one .xlsx sheet; attachments are listed by name (the URLs need a session). */
export async function archiveWorkbook(items: ArchiveItem[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '代账云';
  const ws = wb.addWorksheet('客户档案');
  ws.columns = [
    { header: '序号', key: 'no', width: 6 },
    { header: '记录时间', key: 'recordTime', width: 20 },
    { header: '标题', key: 'title', width: 24 },
    { header: '档案描述', key: 'archivesDescribe', width: 40 },
    { header: '客户名称', key: 'customerName', width: 28 },
    { header: '交接人', key: 'userName', width: 12 },
    { header: '图片', key: 'images', width: 30 },
    { header: '文件', key: 'files', width: 30 },
    { header: '创建人', key: 'createdBy', width: 12 },
  ];
  ws.getRow(1).font = { bold: true };
  items.forEach((it, i) =>
    ws.addRow({
      no: i + 1,
      recordTime: it.recordTime,
      title: it.title,
      archivesDescribe: it.archivesDescribe,
      customerName: it.customerName,
      userName: it.userName,
      images: it.imgList.map((x) => x.name).join('、'),
      files: it.fileList.map((x) => x.name).join('、'),
      createdBy: it.createdBy,
    }),
  );
  ws.getColumn('archivesDescribe').alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
