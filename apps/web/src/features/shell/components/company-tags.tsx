import { Tag } from 'antd';
import { COMPANY_TYPE_TAGS, type CompanyType } from '@dzy/domain/contracts/companies.contract';

/** 小 / 般 for small-scale / general taxpayers and 工厂 for AI-factory companies (spec 000 §2.2). */
export function CompanyTags({ type, automatic }: { type: CompanyType | string; automatic: number }) {
  const label = type === '1' || type === '2' ? COMPANY_TYPE_TAGS[type] : undefined;
  return (
    <>
      {label && (
        <Tag color={type === '2' ? 'blue' : 'green'} style={{ marginInlineEnd: 4 }} data-testid="company-type-tag">
          {label}
        </Tag>
      )}
      {automatic === 1 && (
        <Tag color="purple" style={{ marginInlineEnd: 4 }} data-testid="company-factory-tag">
          工厂
        </Tag>
      )}
    </>
  );
}
