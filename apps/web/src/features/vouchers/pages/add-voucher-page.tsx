/**
 * /bookkeeps/addVoucher — 录凭证 (and ?id= to edit one). Keyboard-first entry: see VoucherGrid for the cell
 * keys; the page adds Ctrl+S (保存) and F12 / Ctrl+Enter (保存并新增). The server's messages are shown as they
 * come; the already-settled answer links to 反结账.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Alert, Button, Card, Flex, Space, Tooltip, Typography } from 'antd';
import { EyeOutlined, LeftOutlined, PlusOutlined, RightOutlined, SaveOutlined } from '@ant-design/icons';
import { isSettled } from '@dzy/domain/contracts/companies.contract';
import { ADD_SUBJECT_BUTTON } from '@dzy/domain/contracts/subjects.contract';
import { DEFAULT_VOUCHER_WORD, formatVoucherNo, type SaveVoucherBody } from '@dzy/domain/contracts/vouchers.contract';
import { validateVoucherInput } from '@dzy/domain/ledger/voucher-rules';
import { periodName } from '@dzy/domain/period/period';
import { Btn } from '../../../components/btn';
import { AddSubjectDialog, type AddSubjectSaved } from '../../../components/add-subject-dialog';
import { VoucherPreviewDialog, type VoucherPreviewSource } from '../../../components/voucher-preview-dialog';
import { useSession } from '../../session/session-context';
import { usePeriods, useSetPeriod } from '../../shell/api';
import { useShowApiError } from '../../settle/settled-notice';
import { useSubjects } from '../../subjects/api';
import { fetchVoucherNext, useNewVoucherNo, useSaveVoucher, useVoucherInfo } from '../api';
import { VoucherGrid, type VoucherGridHandle } from '../components/voucher-grid';
import { VoucherHeader, defaultVoucherDate, type VoucherHead } from '../components/voucher-header';
import { VoucherKeyHelp } from '../components/voucher-key-help';
import { VoucherTemplateMenu } from '../components/voucher-template-menu';
import { blankLines, linesFromView, toVoucherItems, type EditorLine } from '../components/voucher-lines';

export default function AddVoucherPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { window: w } = useSession();
  const showError = useShowApiError();
  const id = Number(params.get('id')) > 0 ? Number(params.get('id')) : null;
  const subjects = useSubjects();
  const periods = usePeriods(w.comId);
  const setPeriod = useSetPeriod();
  const info = useVoucherInfo(id);
  const save = useSaveVoucher();
  const grid = useRef<VoucherGridHandle>(null);

  const [head, setHead] = useState<VoucherHead>(() => ({ word: DEFAULT_VOUCHER_WORD, date: defaultVoucherDate(w.period), billCount: 0 }));
  const [lines, setLines] = useState<EditorLine[]>(() => blankLines());
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const [preview, setPreview] = useState<VoucherPreviewSource | null>(null);
  const [addFor, setAddFor] = useState<number | null>(null);
  /** The grid or header changed since the voucher was loaded or saved (preview then shows the draft). */
  const [dirty, setDirty] = useState(false);
  const newNo = useNewVoucherNo(head.word, id === null);

  const voucher = info.data?.info;
  const otherPeriod = voucher && voucher.period !== w.period ? voucher.period : null;
  const current = [...(periods.data?.listThis ?? []), ...(periods.data?.listOld ?? [])].find((p) => p.period === w.period);
  const settled = isSettled(current?.settleStatus);

  // Load the voucher being edited once per id; a new voucher starts blank with the period's default date.
  useEffect(() => {
    if (id === null) {
      if (loadedId !== null) {
        setLoadedId(null);
        setLines(blankLines());
        setHead((h) => ({ ...h, billCount: 0 }));
      }
      return;
    }
    if (info.data && loadedId !== id) {
      const v = info.data.info;
      setHead({ word: v.voucherWord, date: v.voucherDate, billCount: v.billCount });
      setLines(linesFromView(info.data.voucherItem));
      setLoadedId(id);
      setDirty(false);
    }
  }, [id, info.data, loadedId]);

  useEffect(() => {
    if (id === null) grid.current?.focus(0, 'summary');
  }, [id]);

  const body = useCallback(
    (): SaveVoucherBody => ({
      info: { id: id ?? undefined, voucherWord: head.word, voucherDate: head.date, billCount: head.billCount },
      voucherItem: toVoucherItems(lines),
    }),
    [id, head, lines],
  );

  const subjectById = useMemo(() => new Map((subjects.data ?? []).map((s) => [s.id, s])), [subjects.data]);

  /** Early feedback with the server's own rules; the server stays the judge. */
  const precheck = (b: SaveVoucherBody): string => {
    const r = validateVoucherInput(
      { voucherDate: b.info.voucherDate, period: voucher?.period ?? w.period, lines: b.voucherItem },
      (sid) => {
        const s = subjectById.get(sid);
        return s && { code: s.code, name: s.name3, isLeaf: s.isLeaf, status: s.status, fzhsCategoryId: s.fzhsId };
      },
    );
    return r.ok ? '' : r.msg;
  };

  const doSave = async (andNew: boolean) => {
    if (save.isPending) return;
    const b = body();
    const problem = precheck(b);
    if (problem) {
      void message.error(problem);
      return;
    }
    try {
      const r = await save.mutateAsync(b);
      void message.success(`保存成功 ${r.voucherNoText}`);
      setPreview(null);
      setDirty(false);
      if (andNew) {
        setLines(blankLines());
        setHead((h) => ({ ...h, billCount: 0 }));
        if (id !== null) navigate('/bookkeeps/addVoucher', { replace: true });
        else void newNo.refetch();
        grid.current?.focus(0, 'summary');
      } else if (id === null) {
        setLoadedId(r.id);
        navigate(`/bookkeeps/addVoucher?id=${r.id}`, { replace: true });
      }
    } catch (err) {
      showError(err);
    }
  };

  // Page keys: Ctrl+S save; F12 or Ctrl+Enter save and new.
  const saveRef = useRef(doSave);
  saveRef.current = doSave;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const ctrl = e.ctrlKey || e.metaKey;
      if (ctrl && (e.key === 's' || e.key === 'S')) {
        e.preventDefault();
        void saveRef.current(false);
      } else if (e.key === 'F12' || (ctrl && e.key === 'Enter')) {
        e.preventDefault();
        void saveRef.current(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const goNeighbour = async (direction: 'prev' | 'next') => {
    if (id === null) return;
    try {
      const r = await fetchVoucherNext(id, direction);
      if (r) navigate(`/bookkeeps/addVoucher?id=${r.info.id}`);
      else void message.info(direction === 'prev' ? '已经是第一张' : '已经是最后一张');
    } catch (err) {
      showError(err);
    }
  };

  /**
   * 新增科目 under a line's subject list. Its mouse-down keeps the focus where it is and does not reach the
   * select (which would take it as a click inside its list and stay open for that moment); then the caret
   * goes to the line's 借方, which closes the list (else it stays open over the dialog) and is where the
   * dialog hands the focus back when it closes.
   */
  const keepSelectOut = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };
  const openAddSubject = (row: number) => {
    grid.current?.focus(row, 'debit');
    setAddFor(row);
  };

  const onSubjectAdded = (saved: AddSubjectSaved) => {
    const row = addFor;
    setAddFor(null);
    if (row === null) return;
    setLines((ls) => ls.map((l, i) => (i === row ? { ...l, subjectId: saved.subject.id, fzhsId: saved.fzhsItem?.id ?? null } : l)));
    grid.current?.focus(row, 'debit');
  };

  if (!w.comId || !w.period) {
    return <Card>请先进入公司账簿</Card>;
  }

  return (
    <Card data-testid="add-voucher-page" styles={{ body: { padding: 16 } }}>
      {otherPeriod && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`该凭证属于${periodName(otherPeriod)}，当前期间为${periodName(w.period)}`}
          action={
            <Button size="small" onClick={() => setPeriod.mutate(otherPeriod)}>
              切换到{periodName(otherPeriod)}
            </Button>
          }
        />
      )}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <VoucherHeader
          head={head}
          onChange={(h) => {
            setHead(h);
            setDirty(true);
          }}
          voucherNo={id !== null ? voucher?.voucherNo : newNo.data}
          period={voucher?.period ?? w.period}
          readOnly={false}
          settled={settled}
        />
        <Space wrap>
          {id !== null && (
            <>
              <Tooltip title="上一张">
                <Button icon={<LeftOutlined />} onClick={() => void goNeighbour('prev')} data-testid="voucher-prev" />
              </Tooltip>
              <Tooltip title="下一张">
                <Button icon={<RightOutlined />} onClick={() => void goNeighbour('next')} data-testid="voucher-next" />
              </Tooltip>
              <Button icon={<PlusOutlined />} onClick={() => navigate('/bookkeeps/addVoucher')} data-testid="voucher-new">
                新增
              </Button>
            </>
          )}
          <VoucherTemplateMenu
            lines={lines}
            disabled={id !== null && loadedId !== id}
            onApply={(ls) => {
              setLines(ls);
              setDirty(true);
            }}
          />
          <Button icon={<EyeOutlined />} onClick={() => setPreview(id !== null && loadedId === id && !dirty ? { id } : { draft: body() })} data-testid="voucher-preview">
            预览
          </Button>
          <Button icon={<SaveOutlined />} loading={save.isPending} onClick={() => void doSave(false)} data-testid="voucher-save">
            保存 (Ctrl+S)
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => void doSave(true)} data-testid="voucher-save-new">
            保存并新增 (F12)
          </Button>
        </Space>
      </Flex>
      <VoucherGrid
        ref={grid}
        lines={lines}
        onChange={(ls) => {
          setLines(ls);
          setDirty(true);
        }}
        subjects={subjects.data ?? []}
        readOnly={id !== null && loadedId !== id}
        subjectFooter={(row) => (
          <Btn code={ADD_SUBJECT_BUTTON} type="link" size="small" icon={<PlusOutlined />} onMouseDown={keepSelectOut} onClick={() => openAddSubject(row)}>
            新增科目
          </Btn>
        )}
      />
      <Flex justify="space-between" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">
          {voucher ? `制单人：${voucher.creatorName || '-'}` : `会计期间：${periodName(w.period)}`}
        </Typography.Text>
        {subjects.isError && <Typography.Text type="danger">科目加载失败，请确认已建账</Typography.Text>}
      </Flex>
      <VoucherKeyHelp />
      <VoucherPreviewDialog
        source={preview}
        onClose={() => setPreview(null)}
        onSave={() => void doSave(false)}
        saving={save.isPending}
        numberHint={id === null && newNo.data ? formatVoucherNo(head.word, newNo.data) : undefined}
      />
      <AddSubjectDialog open={addFor !== null} onClose={() => setAddFor(null)} onSaved={onSubjectAdded} />
    </Card>
  );
}
