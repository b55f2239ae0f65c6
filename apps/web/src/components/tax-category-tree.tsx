/**
 * Left side of the goods dialog: the 税收分类编码 tree, children loaded when a node opens, and a search box that
 * shows the matching rows instead. Only rows that are not 汇总项 can be picked (onPick); summary rows just open.
 */
import { useEffect, useState, type Key } from 'react';
import { Empty, Input, Tag, Tree, Typography } from 'antd';
import type { TaxCategoryItem } from '@dzy/domain/contracts/goods.contract';
import { useFetchTaxCategories, useTaxCategorySearch } from '../features/goods/api';

interface Node {
  key: string;
  title: React.ReactNode;
  isLeaf: boolean;
  item: TaxCategoryItem;
  children?: Node[];
}

function toNode(item: TaxCategoryItem): Node {
  return {
    key: item.code,
    isLeaf: !item.hasChildren,
    item,
    title: (
      <span data-testid={`tax-node-${item.code}`}>
        {item.name}
        {!item.isSummary && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
            {item.code}
          </Typography.Text>
        )}
      </span>
    ),
  };
}

function withChildren(list: Node[], key: string, children: Node[]): Node[] {
  return list.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children, key, children) } : n));
}

export function TaxCategoryTree(props: { selectedCode: string; onPick: (item: TaxCategoryItem) => void }) {
  const { selectedCode, onPick } = props;
  const fetchChildren = useFetchTaxCategories();
  const [tree, setTree] = useState<Node[]>([]);
  const [source, setSource] = useState('');
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const search = useTaxCategorySearch(keyword);

  useEffect(() => {
    let live = true;
    void fetchChildren('').then((r) => {
      if (!live) return;
      setTree(r.list.map(toNode));
      setSource(r.source);
    });
    return () => {
      live = false;
    };
  }, [fetchChildren]);

  const loadData = async (node: { key: Key; children?: unknown[] }) => {
    if (node.children) return;
    const r = await fetchChildren(String(node.key));
    setTree((t) => withChildren(t, String(node.key), r.list.map(toNode)));
  };

  const select = (item: TaxCategoryItem | undefined, key: string) => {
    if (!item) return;
    if (item.isSummary) setExpanded((e) => (e.includes(key) ? e.filter((k) => k !== key) : [...e, key]));
    else onPick(item);
  };

  const found = keyword ? (search.data?.list ?? []).map((i) => ({ ...toNode(i), isLeaf: true })) : null;
  return (
    <div data-testid="tax-category-tree" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Input.Search allowClear placeholder="名称、简称或编码" onSearch={(v) => setKeyword(v.trim())} data-testid="tax-category-search" style={{ marginBottom: 8 }} />
      {source === 'builtin' && (
        <Tag color="orange" style={{ marginBottom: 8, whiteSpace: 'normal' }}>
          未加载完整编码表，仅显示内置分类
        </Tag>
      )}
      <div style={{ flex: 1, overflow: 'auto', minHeight: 360, maxHeight: 460 }}>
        {found && found.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的分类" />
        ) : (
          <Tree<Node>
            blockNode
            treeData={found ?? tree}
            loadData={found ? undefined : loadData}
            expandedKeys={found ? [] : expanded}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={selectedCode ? [selectedCode] : []}
            onSelect={(_, info) => select(info.node.item, String(info.node.key))}
          />
        )}
      </div>
    </div>
  );
}
