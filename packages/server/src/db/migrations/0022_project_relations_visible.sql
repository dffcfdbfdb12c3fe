CREATE INDEX "project_data_relations_project" ON "project_data_relations" USING btree ("project_id");--> statement-breakpoint
-- Which platforms a project is also shown on (the enterprise side's 可见平台, the project detail): a
-- relation row belongs to the tenant it shows the project on, so the wall kept it from the project's
-- own tenant and enterprise, and they were read across the wall. Now the tenant and enterprise roles
-- may read (only read) the relation rows of the projects they can see: the subquery on projects runs
-- under projects' own policy, so "can see" is exactly the wall's answer for that project.
CREATE POLICY wall_relations_of_visible_projects ON project_data_relations
  FOR SELECT TO fieldpay_app, fieldpay_enterprise
  USING (EXISTS (SELECT 1 FROM projects p WHERE p.id = project_data_relations.project_id));
