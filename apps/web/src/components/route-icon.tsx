/**
 * Icons named by the route catalogue and module list (strings, so the domain package stays UI-free).
 * Only the icons the catalogue uses are bundled; an unknown name falls back to a neutral icon.
 */
import type { ComponentType, ReactElement } from 'react';
import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CloudOutlined,
  ClusterOutlined,
  ContactsOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DollarOutlined,
  ExperimentOutlined,
  FileDoneOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  FunnelPlotOutlined,
  HistoryOutlined,
  HomeOutlined,
  InteractionOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  TrademarkOutlined,
  WechatOutlined,
} from '@ant-design/icons';

const ICONS: Readonly<Record<string, ComponentType<{ className?: string }>>> = {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  CloudOutlined,
  ClusterOutlined,
  ContactsOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DollarOutlined,
  ExperimentOutlined,
  FileDoneOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FormOutlined,
  FunnelPlotOutlined,
  HistoryOutlined,
  HomeOutlined,
  InteractionOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  TrademarkOutlined,
  WechatOutlined,
};

/**
 * The icon element itself (not a wrapper component), so antd menus and buttons can clone it with their
 * spacing classes.
 */
export function routeIcon(name: string | undefined): ReactElement {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
