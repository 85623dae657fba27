import type { ReactElement } from 'react';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import DomainOutlinedIcon from '@mui/icons-material/DomainOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import PhoneAndroidOutlinedIcon from '@mui/icons-material/PhoneAndroidOutlined';
import PinDropOutlinedIcon from '@mui/icons-material/PinDropOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import ShareLocationOutlinedIcon from '@mui/icons-material/ShareLocationOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import RuleOutlinedIcon from '@mui/icons-material/RuleOutlined';

/** Icon per SIDEBAR entry id (contracts). */
export const SIDEBAR_ICONS: Record<string, ReactElement> = {
  monitor: <MapOutlinedIcon />,
  company: <BusinessOutlinedIcon />,
  operatorCompanies: <DomainOutlinedIcon />,
  department: <AccountTreeOutlinedIcon />,
  zone: <LayersOutlinedIcon />,
  designation: <BadgeOutlinedIcon />,
  msisdn: <PhoneAndroidOutlinedIcon />,
  operatorUsers: <GroupsOutlinedIcon />,
  userManagement: <ManageAccountsOutlinedIcon />,
  users: <PersonOutlinedIcon />,
  roles: <AdminPanelSettingsOutlinedIcon />,
  attendance: <EventAvailableOutlinedIcon />,
  task: <AssignmentOutlinedIcon />,
  taskList: <ListAltOutlinedIcon />,
  taskAssignList: <AssignmentIndOutlinedIcon />,
  billing: <ReceiptLongOutlinedIcon />,
  operatorInvoices: <RequestQuoteOutlinedIcon />,
  poi: <PlaceOutlinedIcon />,
  poiList: <PinDropOutlinedIcon />,
  poiCreate: <AddLocationAltOutlinedIcon />,
  poiAssignList: <ShareLocationOutlinedIcon />,
  report: <AssessmentOutlinedIcon />,
  notifications: <NotificationsNoneOutlinedIcon />,
  notificationInbox: <InboxOutlinedIcon />,
  notificationRules: <RuleOutlinedIcon />,
};
